import { Link } from "@remix-run/react";
import { registrationCopy } from "~/content/registration";

export function ThankYou() {
  const copy = registrationCopy.thankYou;
  return (
    <section className="registration-thank-you" aria-labelledby="thank-you-title">
      <h1 id="thank-you-title">{copy.heading}</h1>
      <p>{copy.body}</p>
      <p className="thank-you-actions">
        <Link to="/" className="btn btn-primary">{copy.home}</Link>
        <Link to="/registration-form" className="btn btn-outline">{copy.again}</Link>
      </p>
    </section>
  );
}
