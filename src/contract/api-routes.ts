// The contract route table: for every route of api-paths.ts, the schemas of its path parameters,
// body and query and of its answer's `message` (the envelope `{ code: 200, message }` is the same
// for all). The server registers each route from here (src/server/http/contract-route.ts) and the
// SPA takes its call types from here, so a path and its answer cannot drift.
import { z } from 'zod';
import { auditEntry, auditQuery } from './audit.js';
import { idParam } from './common.js';
import {
  authToken,
  changePasswordBody,
  languageBody,
  confirmPasswordBody,
  forgetPasswordBody,
  loginBody,
  tokenRefresh,
  validateResetTokenBody,
} from './auth.js';
import { blindReturnBody, blindReturnSaved, blindSetup, productRow, productSearchBody } from './blind.js';
import {
  adminCustomer,
  connectionBody,
  connectionParams,
  connectionView,
  customerBody,
  optionBody,
  optionParams,
  optionView,
} from './customers.js';
import { dashboardAnswer, dashboardQuery } from './dashboard.js';
import {
  decideAnswer,
  decideBody,
  decisionQueue,
  decisionQueueQuery,
  decisionRuleBody,
  decisionRuleParams,
  decisionRuleView,
  decisionsDashboard,
} from './decisions.js';
import { dispositionBody, dispositionParams, dispositionView } from './dispositions.js';
import {
  gradeScale,
  gradeScaleBody,
  ruleBody,
  ruleParams,
  rulesExportQuery,
  rulesImportAnswer,
  rulesImportBody,
  rulesPage,
  rulesQuery,
  ruleView,
  ruleMatchAnswer,
  ruleMatchQuery,
} from './inspection.js';
import { historyDownloadQuery, historyPage, historyQuery } from './history.js';
import { importSummary, importUploadBody } from './order-import.js';
import { customerIdParam, orderDetail, orderLoadBody, orderLoadParams, orderSearchBody, orderSearchResult } from './orders.js';
import { photoIdParam, photoLinkParams, photoParams, photoUploadQuery, photoView } from './photos.js';
import {
  parcelAddPhotosBody,
  parcelCloseBody,
  parcelDetail,
  parcelEditBody,
  parcelIdParam,
  parcelIntakeBody,
  parcelPage,
  parcelPhotoParams,
  parcelQueueQuery,
} from './parcels.js';
import { reportRequestBody } from './reports.js';
import { portalScheduleBody, portalScheduleQuery, scheduleActiveBody, scheduleBody, scheduleParams, scheduleView } from './schedules.js';
import {
  billingCloseBody,
  billingExportQuery,
  billingMonth,
  billingQuery,
  billingStatementSummary,
  billingStatementsQuery,
  rateBody,
  rateList,
  rateParams,
  rateView,
} from './billing.js';
import { returnView, returnViewParams } from './return-view.js';
import { correctionBody, correctionParams } from './corrections.js';
import { createdReturn, submitReturnBody } from './returns.js';
import { settingBody, settingKeyParams, settingView } from './settings.js';
import { taskDownload, taskListQuery, taskPage, taskUpdateBody, taskView } from './tasks.js';
import { adminUser, userCreateBody, userUpdateBody } from './users.js';
import {
  webhookDeliveriesPage,
  webhookDeliveriesQuery,
  webhookDeliveryView,
  webhookEndpointBody,
  webhookEndpointView,
  webhookEndpointWithSecret,
  webhookParams,
  webhookRedeliverAnswer,
  webhookRedeliverBody,
} from './webhooks.js';
import {
  apiKeyBody,
  apiKeyCreated,
  apiKeyParams,
  apiKeyView,
  partnerReturn,
  partnerReturnParams,
  partnerReturnsPage,
  partnerReturnsQuery,
} from './api-keys.js';
import {
  expectedImportAnswer,
  expectedImportBody,
  expectedDashboard,
  expectedListAnswer,
  expectedListQuery,
  expectedSettings,
  expectedSettingsBody,
  expectedReturnsBatch,
  expectedReturnsCreated,
  expectedReturnView,
  expectedScanBody,
  expectedScanParams,
} from './expected-returns.js';
import type { RouteName } from './api-paths.js';

export interface RouteSchemas {
  /** The `:name` parameters of the path, as they are checked and converted. */
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The `message` of a 200 answer; absent for a route that answers no JSON envelope schema (a file, a probe). */
  answer?: z.ZodType;
}

const text = z.string();
/** A download link's sealed token (the link is the authorisation). */
const fileTokenParams = z.object({ token: z.string().max(1000) });

export const API_ROUTES = {
  health: { answer: text },
  // Answers `{ code: 200, message: 'ready' }`, or 503 with Retry-After while the database is down.
  ready: { answer: text },
  login: { body: loginBody, answer: authToken },
  forgetPassword: { body: forgetPasswordBody, answer: text },
  validateResetToken: { body: validateResetTokenBody, answer: z.object({ valid: z.literal(true) }) },
  confirmPassword: { body: confirmPasswordBody, answer: text },
  refreshToken: { answer: tokenRefresh },
  changePassword: { body: changePasswordBody, answer: text },
  logout: { answer: text },
  setLanguage: { body: languageBody, answer: text },
  listUsers: { answer: z.array(adminUser) },
  createUser: { body: userCreateBody, answer: adminUser },
  updateUser: { params: idParam, body: userUpdateBody, answer: adminUser },
  inviteUser: { params: idParam, answer: adminUser },
  listCustomers: { answer: z.array(adminCustomer) },
  createCustomer: { body: customerBody, answer: adminCustomer },
  updateCustomer: { params: idParam, body: customerBody, answer: adminCustomer },
  createOption: { params: idParam, body: optionBody, answer: optionView },
  updateOption: { params: optionParams, body: optionBody, answer: optionView },
  deleteOption: { params: optionParams, answer: text },
  createConnection: { params: idParam, body: connectionBody, answer: connectionView },
  updateConnection: { params: connectionParams, body: connectionBody, answer: connectionView },
  deleteConnection: { params: connectionParams, answer: text },
  importOrders: { params: idParam, body: importUploadBody, answer: importSummary },
  listDispositions: { params: customerIdParam, answer: z.array(dispositionView) },
  createDisposition: { params: idParam, body: dispositionBody, answer: dispositionView },
  updateDisposition: { params: dispositionParams, body: dispositionBody, answer: dispositionView },
  deleteDisposition: { params: dispositionParams, answer: text },
  listInspectionRules: { params: idParam, query: rulesQuery, answer: rulesPage },
  createInspectionRule: { params: idParam, body: ruleBody, answer: ruleView },
  importInspectionRules: { params: idParam, body: rulesImportBody, answer: rulesImportAnswer },
  exportInspectionRules: { params: idParam, query: rulesExportQuery },
  updateInspectionRule: { params: ruleParams, body: ruleBody, answer: ruleView },
  deleteInspectionRule: { params: ruleParams, answer: text },
  getGradeScale: { params: idParam, answer: gradeScale },
  saveGradeScale: { params: idParam, body: gradeScaleBody, answer: gradeScale },
  listDecisionRules: { params: idParam, answer: z.array(decisionRuleView) },
  createDecisionRule: { params: idParam, body: decisionRuleBody, answer: decisionRuleView },
  updateDecisionRule: { params: decisionRuleParams, body: decisionRuleBody, answer: decisionRuleView },
  deleteDecisionRule: { params: decisionRuleParams, answer: text },
  listDecisions: { query: decisionQueueQuery, answer: decisionQueue },
  dashboardDecisions: { query: dashboardQuery, answer: decisionsDashboard },
  decideLines: { body: decideBody, answer: decideAnswer },
  listSettings: { answer: z.array(settingView) },
  saveSetting: { body: settingBody, answer: settingView },
  clearSetting: { params: settingKeyParams, answer: settingView },
  listTasks: { query: taskListQuery, answer: taskPage },
  updateTask: { params: idParam, body: taskUpdateBody, answer: taskView },
  adminTaskDownload: { params: idParam, answer: taskDownload },
  taskDownload: { params: idParam, answer: taskDownload },
  // The file itself (application/octet-stream); the browser follows the signed link.
  downloadFile: { params: fileTokenParams },
  auditTrail: { query: auditQuery, answer: z.array(auditEntry) },
  listReturns: { query: historyQuery, answer: historyPage },
  downloadReturns: { query: historyDownloadQuery },
  submitReturn: { body: submitReturnBody, answer: createdReturn },
  readReturn: { params: returnViewParams, answer: returnView },
  searchOrders: { params: customerIdParam, body: orderSearchBody, answer: z.array(orderSearchResult) },
  loadOrder: { params: orderLoadParams, body: orderLoadBody, answer: orderDetail },
  searchProducts: { params: customerIdParam, body: productSearchBody, answer: z.array(productRow) },
  blindSetup: { params: customerIdParam, answer: blindSetup },
  matchInspectionRule: { params: customerIdParam, query: ruleMatchQuery, answer: ruleMatchAnswer },
  saveBlindReturn: { params: customerIdParam, body: blindReturnBody, answer: blindReturnSaved },
  correctReturn: { params: correctionParams, body: correctionBody, answer: returnView },
  requestReport: { body: reportRequestBody, answer: text },
  dashboard: { query: dashboardQuery, answer: dashboardAnswer },
  // The body is the image's bytes (the SPA sends it with XMLHttpRequest for the progress, web/api/photos.ts).
  uploadPhoto: { query: photoUploadQuery, answer: photoView },
  photoInfo: { params: photoIdParam, answer: photoView },
  // The image itself; the SPA reads it with the bearer token into an object URL.
  readPhoto: { params: photoParams },
  deletePhoto: { params: photoIdParam, answer: text },
  // The image through a signed link (no token).
  photoLink: { params: photoLinkParams },
  listParcels: { query: parcelQueueQuery, answer: parcelPage },
  intakeParcel: { body: parcelIntakeBody, answer: parcelDetail },
  readParcel: { params: parcelIdParam, answer: parcelDetail },
  closeParcel: { params: parcelIdParam, body: parcelCloseBody, answer: parcelDetail },
  editParcel: { params: parcelIdParam, body: parcelEditBody, answer: parcelDetail },
  addParcelPhotos: { params: parcelIdParam, body: parcelAddPhotosBody, answer: parcelDetail },
  listReportSchedules: { params: idParam, answer: z.array(scheduleView) },
  createReportSchedule: { params: idParam, body: scheduleBody, answer: scheduleView },
  updateReportSchedule: { params: scheduleParams, body: scheduleBody, answer: scheduleView },
  deleteReportSchedule: { params: scheduleParams, answer: text },
  sendReportScheduleNow: { params: scheduleParams, answer: scheduleView },
  listBillingRates: { params: idParam, answer: rateList },
  createBillingRate: { params: idParam, body: rateBody, answer: rateView },
  deleteBillingRate: { params: rateParams, answer: text },
  billingMonth: { query: billingQuery, answer: billingMonth },
  closeBillingMonth: { body: billingCloseBody, answer: billingMonth },
  // The file itself (CSV or XLSX); the SPA downloads it with downloadRoute.
  exportBillingMonth: { query: billingExportQuery },
  listBillingStatements: { query: billingStatementsQuery, answer: z.array(billingStatementSummary) },
  billingStatement: { query: billingQuery, answer: billingMonth },
  exportBillingStatement: { query: billingExportQuery },
  listPortalSchedules: { query: portalScheduleQuery, answer: z.array(scheduleView) },
  createPortalSchedule: { body: portalScheduleBody, answer: scheduleView },
  setPortalScheduleActive: { params: scheduleParams, body: scheduleActiveBody, answer: scheduleView },
  deletePortalSchedule: { params: scheduleParams, answer: text },
  // A parcel's photo as an image (the SPA reads it with the bearer token into an object URL).
  parcelPhoto: { params: parcelPhotoParams },
  listWebhooks: { params: idParam, answer: z.array(webhookEndpointView) },
  createWebhook: { params: idParam, body: webhookEndpointBody, answer: webhookEndpointWithSecret },
  updateWebhook: { params: webhookParams, body: webhookEndpointBody, answer: webhookEndpointView },
  deleteWebhook: { params: webhookParams, answer: text },
  rollWebhookSecret: { params: webhookParams, answer: webhookEndpointWithSecret },
  listWebhookDeliveries: { params: webhookParams, query: webhookDeliveriesQuery, answer: webhookDeliveriesPage },
  redeliverWebhook: { params: webhookParams, body: webhookRedeliverBody, answer: webhookRedeliverAnswer },
  testWebhook: { params: webhookParams, answer: webhookDeliveryView },
  listApiKeys: { params: idParam, answer: z.array(apiKeyView) },
  createApiKey: { params: idParam, body: apiKeyBody, answer: apiKeyCreated },
  revokeApiKey: { params: apiKeyParams, answer: text },
  partnerListReturns: { query: partnerReturnsQuery, answer: partnerReturnsPage },
  partnerReadReturn: { params: partnerReturnParams, answer: partnerReturn },
  partnerCreateExpectedReturns: { body: expectedReturnsBatch, answer: expectedReturnsCreated },
  findExpectedReturn: { params: expectedScanParams, body: expectedScanBody, answer: expectedReturnView },
  importExpectedReturns: { params: idParam, body: expectedImportBody, answer: expectedImportAnswer },
  saveExpectedSettings: { params: idParam, body: expectedSettingsBody, answer: expectedSettings },
  listExpectedReturns: { params: idParam, query: expectedListQuery, answer: expectedListAnswer },
  dashboardExpected: { query: dashboardQuery, answer: expectedDashboard },
} as const satisfies Record<RouteName, RouteSchemas>;

export type ApiRoutes = typeof API_ROUTES;
