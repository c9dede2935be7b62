// The method and path of every API route (SPEC §7 and the extra routes), by name. Zod-free, so
// the SPA's entry chunk can carry it; the schemas of each route are in api-routes.ts, keyed by the
// same names. The server registers every route from the two (src/server/http/contract-route.ts).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RoutePath {
  method: HttpMethod;
  /** Below /api; `:name` marks a path parameter. */
  path: string;
}

export const API_PATHS = {
  // system
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },
  // auth (public)
  login: { method: 'POST', path: '/auth/login' },
  forgetPassword: { method: 'POST', path: '/auth/forget-password' },
  validateResetToken: { method: 'POST', path: '/auth/validate-reset-token' },
  confirmPassword: { method: 'POST', path: '/auth/confirm-password' },
  // account
  refreshToken: { method: 'POST', path: '/account/token' },
  changePassword: { method: 'POST', path: '/account/password' },
  setLanguage: { method: 'PUT', path: '/account/language' },
  logout: { method: 'POST', path: '/account/logout' },
  // admin: users
  listUsers: { method: 'GET', path: '/su/users' },
  createUser: { method: 'POST', path: '/su/users' },
  updateUser: { method: 'PUT', path: '/su/users/:id' },
  inviteUser: { method: 'POST', path: '/su/users/:id/invite' },
  // admin: customers, their reasons and connections, order import
  listCustomers: { method: 'GET', path: '/su/customers' },
  createCustomer: { method: 'POST', path: '/su/customers' },
  updateCustomer: { method: 'PUT', path: '/su/customers/:id' },
  createOption: { method: 'POST', path: '/su/customers/:id/options' },
  updateOption: { method: 'PUT', path: '/su/customers/:id/options/:optId' },
  deleteOption: { method: 'DELETE', path: '/su/customers/:id/options/:optId' },
  createConnection: { method: 'POST', path: '/su/customers/:id/connections' },
  updateConnection: { method: 'PUT', path: '/su/customers/:id/connections/:connId' },
  deleteConnection: { method: 'DELETE', path: '/su/customers/:id/connections/:connId' },
  importOrders: { method: 'POST', path: '/su/customers/:id/orders/import' },
  // dispositions (issue 16): read for receiving, managed in the customer drawer
  listDispositions: { method: 'GET', path: '/returns/dispositions/:customerId' },
  createDisposition: { method: 'POST', path: '/su/customers/:id/dispositions' },
  updateDisposition: { method: 'PUT', path: '/su/customers/:id/dispositions/:dispId' },
  deleteDisposition: { method: 'DELETE', path: '/su/customers/:id/dispositions/:dispId' },
  // inspection rules and grades (issue 27), managed in the customer drawer's Rules tab
  listInspectionRules: { method: 'GET', path: '/su/customers/:id/rules' },
  createInspectionRule: { method: 'POST', path: '/su/customers/:id/rules' },
  importInspectionRules: { method: 'POST', path: '/su/customers/:id/rules/import' },
  exportInspectionRules: { method: 'GET', path: '/su/customers/:id/rules/export' },
  updateInspectionRule: { method: 'PUT', path: '/su/customers/:id/rules/:ruleId' },
  deleteInspectionRule: { method: 'DELETE', path: '/su/customers/:id/rules/:ruleId' },
  getGradeScale: { method: 'GET', path: '/su/customers/:id/grades' },
  saveGradeScale: { method: 'PUT', path: '/su/customers/:id/grades' },
  // decisions on exceptions (issue 25): rules in the customer drawer, the brand's queue and decisions
  listDecisionRules: { method: 'GET', path: '/su/customers/:id/decision-rules' },
  createDecisionRule: { method: 'POST', path: '/su/customers/:id/decision-rules' },
  updateDecisionRule: { method: 'PUT', path: '/su/customers/:id/decision-rules/:ruleId' },
  deleteDecisionRule: { method: 'DELETE', path: '/su/customers/:id/decision-rules/:ruleId' },
  listDecisions: { method: 'GET', path: '/decisions' },
  decideLines: { method: 'POST', path: '/decisions' },
  // the warehouse's (and the brand's) Dashboard tile of what waits
  dashboardDecisions: { method: 'GET', path: '/dashboard/decisions' },
  // admin: settings, tasks, audit
  listSettings: { method: 'GET', path: '/su/settings' },
  saveSetting: { method: 'POST', path: '/su/settings' },
  clearSetting: { method: 'DELETE', path: '/su/settings/:setting_key' },
  listTasks: { method: 'GET', path: '/su/tasks' },
  updateTask: { method: 'PUT', path: '/su/tasks/:id' },
  adminTaskDownload: { method: 'PUT', path: '/su/tasks/:id/download' },
  taskDownload: { method: 'PUT', path: '/tasks/:id/download' },
  downloadFile: { method: 'GET', path: '/files/:token' },
  auditTrail: { method: 'GET', path: '/su/audit' },
  // returns
  listReturns: { method: 'GET', path: '/returns' },
  downloadReturns: { method: 'GET', path: '/returns/download' },
  submitReturn: { method: 'POST', path: '/returns' },
  readReturn: { method: 'GET', path: '/returns/:returnId/order/:orderId' },
  searchOrders: { method: 'PUT', path: '/returns/search/:customerId' },
  loadOrder: { method: 'PUT', path: '/returns/order/:source/:id' },
  searchProducts: { method: 'PUT', path: '/returns/products/:customerId' },
  blindSetup: { method: 'GET', path: '/returns/blind/:customerId' },
  matchInspectionRule: { method: 'GET', path: '/returns/rules/:customerId' },
  saveBlindReturn: { method: 'PUT', path: '/returns/blind/:customerId' },
  // unknown parcels (issue 11)
  listParcels: { method: 'GET', path: '/parcels' },
  intakeParcel: { method: 'POST', path: '/parcels' },
  readParcel: { method: 'GET', path: '/parcels/:id' },
  closeParcel: { method: 'POST', path: '/parcels/:id/close' },
  editParcel: { method: 'PUT', path: '/parcels/:id' },
  addParcelPhotos: { method: 'POST', path: '/parcels/:id/photos' },
  correctReturn: { method: 'POST', path: '/su/returns/:returnId/corrections' },
  parcelPhoto: { method: 'GET', path: '/parcels/:id/photos/:photoId/:size' },
  // reports
  requestReport: { method: 'POST', path: '/reports' },
  // dashboard
  dashboard: { method: 'GET', path: '/dashboard' },
  // photo evidence (issue 16)
  uploadPhoto: { method: 'POST', path: '/photos' },
  photoInfo: { method: 'GET', path: '/photos/:id' },
  readPhoto: { method: 'GET', path: '/photos/:id/:size' },
  deletePhoto: { method: 'DELETE', path: '/photos/:id' },
  photoLink: { method: 'GET', path: '/photo-links/:token' },
  // admin: report schedules (issue 12)
  listReportSchedules: { method: 'GET', path: '/su/customers/:id/report-schedules' },
  createReportSchedule: { method: 'POST', path: '/su/customers/:id/report-schedules' },
  updateReportSchedule: { method: 'PUT', path: '/su/report-schedules/:id' },
  deleteReportSchedule: { method: 'DELETE', path: '/su/report-schedules/:id' },
  sendReportScheduleNow: { method: 'POST', path: '/su/report-schedules/:id/send' },
  // admin: billing (issue 12)
  listBillingRates: { method: 'GET', path: '/su/customers/:id/billing-rates' },
  createBillingRate: { method: 'POST', path: '/su/customers/:id/billing-rates' },
  deleteBillingRate: { method: 'DELETE', path: '/su/billing-rates/:id' },
  billingMonth: { method: 'GET', path: '/su/billing' },
  closeBillingMonth: { method: 'POST', path: '/su/billing/close' },
  exportBillingMonth: { method: 'GET', path: '/su/billing/export' },
  // portal: a brand's closed billing statements and its report schedules (issue 25)
  listBillingStatements: { method: 'GET', path: '/portal/billing/statements' },
  billingStatement: { method: 'GET', path: '/portal/billing/statement' },
  exportBillingStatement: { method: 'GET', path: '/portal/billing/statement/export' },
  listPortalSchedules: { method: 'GET', path: '/portal/report-schedules' },
  createPortalSchedule: { method: 'POST', path: '/portal/report-schedules' },
  setPortalScheduleActive: { method: 'PUT', path: '/portal/report-schedules/:id/active' },
  deletePortalSchedule: { method: 'DELETE', path: '/portal/report-schedules/:id' },
  // admin: webhook endpoints and their deliveries (issue 26)
  listWebhooks: { method: 'GET', path: '/su/customers/:id/webhooks' },
  createWebhook: { method: 'POST', path: '/su/customers/:id/webhooks' },
  updateWebhook: { method: 'PUT', path: '/su/webhooks/:id' },
  deleteWebhook: { method: 'DELETE', path: '/su/webhooks/:id' },
  rollWebhookSecret: { method: 'POST', path: '/su/webhooks/:id/roll-secret' },
  listWebhookDeliveries: { method: 'GET', path: '/su/webhooks/:id/deliveries' },
  redeliverWebhook: { method: 'POST', path: '/su/webhooks/:id/redeliver' },
  testWebhook: { method: 'POST', path: '/su/webhooks/:id/test' },
  // admin: a customer's API keys (issue 26)
  listApiKeys: { method: 'GET', path: '/su/customers/:id/api-keys' },
  createApiKey: { method: 'POST', path: '/su/customers/:id/api-keys' },
  revokeApiKey: { method: 'DELETE', path: '/su/api-keys/:id' },
  // the key-scoped API (issue 26): a customer's platform with its API key, never a session
  partnerListReturns: { method: 'GET', path: '/v1/returns' },
  partnerReadReturn: { method: 'GET', path: '/v1/returns/:returnId' },
  // pre-advice (issue 26): announced by the brand's platform, found by the desk's label scan
  partnerCreateExpectedReturns: { method: 'POST', path: '/v1/expected-returns' },
  findExpectedReturn: { method: 'PUT', path: '/returns/expected/:customerId' },
  importExpectedReturns: { method: 'POST', path: '/su/customers/:id/expected-returns/import' },
  saveExpectedSettings: { method: 'PUT', path: '/su/customers/:id/expected-returns/settings' },
  listExpectedReturns: { method: 'GET', path: '/su/customers/:id/expected-returns' },
  dashboardExpected: { method: 'GET', path: '/dashboard/expected' },
} as const satisfies Record<string, RoutePath>;

export type RouteName = keyof typeof API_PATHS;

/** `'/su/customers/:id/options/:optId'` → `'id' | 'optId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<N extends RouteName> = { [K in PathParamNames<(typeof API_PATHS)[N]['path']>]: string | number };

/** Fills the `:name` parameters of a route's path (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
