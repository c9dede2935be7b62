export * from './users.js';
export * from './customers.js';
export * from './orders.js';
export * from './returns.js';
export * from './tasks.js';
export * from './history.js';
export * from './dashboard.js';
export * from './message-ids.js';
