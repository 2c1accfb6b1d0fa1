// The account pages load as one chunk: a visitor moves between them (log in, register, forgot the password) and
// they share their form frame.
export { CompleteProfileRoute } from './complete-profile';
export { ForgotPasswordRoute } from './forgot-password';
export { LoginRoute } from './login';
export { ProfileRoute } from './profile';
export { RegisterRoute } from './register';
export { ResetPasswordRoute } from './reset-password';
