/**
 * The request schemas the web's forms are checked with (web/src/app/forms), and the field rules
 * they are made of: a light entry point (`@domestique/proto/forms`), so a page with a form loads
 * these schemas and zod, not every contract of proto (events, jobs, DTOs of every domain).
 *
 * Re-exported from the modules that define them; each module it names is loaded whole, so only
 * modules the forms need belong here.
 */
export { EmailField, PasswordField, ValidationMessages } from './dto/validation.js';
export { LoginRequest, RegisterRequest } from './dto/auth.dto.js';
export {
  AdminLoginRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  UpdateProfileRequest,
} from './dto/accounts.dto.js';
