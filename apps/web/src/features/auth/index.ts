export { useLogoutMutation } from "./auth.queries";
