// The jobs area's service functions: pages' loaders/actions and the /api/empleo routes call these.
export * from "./alerts.service";
export * from "./applications.service";
export * from "./offers.service";
export * from "./panel.service";
export * from "./saved.service";
export { searchOffers } from "./search";
export type * from "./types";
