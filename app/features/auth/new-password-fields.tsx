import { passwordRules, resetText } from "~/content/auth";

/**
 * A new password, typed twice, with the rules beside it (docs/product.md §5): the invitation's and
 * the first run's forms ask for one the same way. The server checks the rules (the form works
 * without JavaScript).
 */
export function NewPasswordFields() {
  return (
    <>
      <div className="field">
        <label htmlFor="password">{resetText.password}</label>
        <input
          id="password"
          name="password"
          type="password"
          required
          autoComplete="new-password"
          aria-describedby="rules"
        />
      </div>
      <div className="field">
        <label htmlFor="confirmPassword">{resetText.confirm}</label>
        <input id="confirmPassword" name="confirmPassword" type="password" required autoComplete="new-password" />
      </div>
      <div id="rules">
        <p>{resetText.rulesTitle}</p>
        <ul>
          {passwordRules.map((r) => (
            <li key={r.id}>{r.label}</li>
          ))}
        </ul>
      </div>
    </>
  );
}
