// The back office's entry: its demo accounts. Who may do what (roles, back-office tasks) and the
// user administration belong to accounts (#server/accounts, decision 0061).

export { operationsOverview } from "./operations.service";
export { seedBackofficeDemo } from "./seed";
