/*
 * Sign-in (issue 46): two-factor setup and its row in the account settings. The login
 * screen's second step and single sign-on live with the login (features/accounts), which
 * draws them without antd.
 */
export { TwoFactorRow } from "./components/TwoFactorRow";
export { TwoFactorSetup } from "./components/TwoFactorSetup";
