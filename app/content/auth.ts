// The words of signing in and out, and of setting a password (docs/product.md §5): word for word
// where the spec quotes them.

export const loginText = {
  title: "Staff Login",
  intro: "Sign in to create and edit courses, articles and jobs.",
  email: "Email",
  password: "Password",
  keepMeLoggedIn: "Keep me logged in",
  submit: "Log in",
  submitting: "Logging In...",
  forgotLink: "Forgot password?",
  success: "Successfully Logged In, Welcome",
  tokenTitle: "Reset your password",
  tokenIntro: "Enter the email of your account and we will send you a reset token.",
  tokenSubmit: "Send Token",
  tokenSubmitting: "Sending...",
  tokenSuccess: "A reset token has been sent to your email",
  backToLogin: "Back to login",
  emailRequired: "Kindly input your email",
  passwordRequired: "Kindly input your password",
  emailInvalid: "Kindly input a valid email",
} as const;

export const logoutText = {
  success: "You have been logged out",
} as const;

export const resetText = {
  title: "Set a new password",
  password: "Password",
  confirm: "Confirm password",
  submit: "Reset Password",
  submitting: "Reseting...",
  success: "Password reset successful. Login with your new password",
  missingToken: "The reset link is invalid or has expired",
  rulesTitle: "Your password needs",
  rulesFailed: "Your password does not meet every rule below",
  /** Beyond the checklist: a length no rule there shows (domain/staff.ts). */
  tooLong: (max: number) => `Password must be at most ${max} characters long`,
  ruleMet: "met",
  ruleNotMet: "not met",
} as const;

/** docs/product.md §5's password rules, each with its checklist label; browser and server share them. */
export const passwordRules = [
  { id: "length", label: "At least 8 characters", test: (s: string) => s.length >= 8 },
  { id: "upper", label: "One uppercase letter", test: (s: string) => /[A-Z]/.test(s) },
  { id: "lower", label: "One lowercase letter", test: (s: string) => /[a-z]/.test(s) },
  { id: "digit", label: "One digit", test: (s: string) => /[0-9]/.test(s) },
  { id: "special", label: "One special character: ! @ # $ % ^ & *", test: (s: string) => /[!@#$%^&*]/.test(s) },
] as const;
export const confirmRule = { id: "match", label: "Both passwords match" } as const;
