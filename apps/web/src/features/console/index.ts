export { ConsoleRoutes } from "./pages/ConsoleRoutes";
