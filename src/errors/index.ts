// The errors the package throws at a caller, one class per file.
export { AdminError, isAdminError } from './admin-error.js';
