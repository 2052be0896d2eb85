// What the operator's endpoints and the staff footer read of the API (docs/deploy.md, "Metrics and
// alerts", "Versions"), in a server-only module: a route module's imports reach the browser build.
export { metricsResponse, versionLabel } from "@api/embedded";
