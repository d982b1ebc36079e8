// Every table of the application, one file per area. Drizzle reads this module for queries and
// drizzle-kit reads it to generate migrations.
export * from "./accounts";
export * from "./audit";
export * from "./chat";
export * from "./feedback";
export * from "./jobs";
export * from "./legal";
export * from "./news";
export * from "./notifications";
export * from "./reference";
export * from "./system";
export * from "./visita";
export * from "./visita-catalogue";
