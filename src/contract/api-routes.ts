// The contract route table: for every route of api-paths.ts, the schemas of its body and query
// and of its answer's `message` (the envelope `{ code: 200, message }` is the same for all).
// The SPA takes its call types from here; src/server/http/api-routes.test.ts compares the table
// with the routes the server registers (OpenAPI document), so a path and its answer cannot drift.
import { z } from 'zod';
import { auditEntry, auditQuery } from './audit.js';
import {
  authToken,
  changePasswordBody,
  confirmPasswordBody,
  forgetPasswordBody,
  loginBody,
  tokenRefresh,
  validateResetTokenBody,
} from './auth.js';
import { blindReturnBody, blindReturnSaved, blindSetup, productRow, productSearchBody } from './blind.js';
import { adminCustomer, connectionBody, connectionView, customerBody, optionBody, optionView } from './customers.js';
import { dashboardAnswer, dashboardQuery } from './dashboard.js';
import { dispositionBody, dispositionView } from './dispositions.js';
import { historyDownloadQuery, historyPage, historyQuery } from './history.js';
import { importSummary, importUploadBody } from './order-import.js';
import { orderDetail, orderLoadBody, orderSearchBody, orderSearchResult } from './orders.js';
import { photoUploadQuery, photoView } from './photos.js';
import {
  parcelAddPhotosBody,
  parcelCloseBody,
  parcelDetail,
  parcelEditBody,
  parcelIntakeBody,
  parcelPage,
  parcelQueueQuery,
} from './parcels.js';
import { reportRequestBody } from './reports.js';
import { scheduleBody, scheduleView } from './schedules.js';
import { billingCloseBody, billingExportQuery, billingMonth, billingQuery, rateBody, rateList, rateView } from './billing.js';
import { returnView } from './return-view.js';
import { correctionBody } from './corrections.js';
import { createdReturn, submitReturnBody } from './returns.js';
import { settingBody, settingView } from './settings.js';
import { taskDownload, taskListQuery, taskPage, taskUpdateBody, taskView } from './tasks.js';
import { adminUser, userCreateBody, userUpdateBody } from './users.js';
import { API_PATHS, type RouteName } from './api-paths.js';

export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  /** The `message` of a 200 answer; absent for a route that answers no JSON envelope schema (a file, a probe). */
  answer?: z.ZodType;
}

const text = z.string();

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
  listUsers: { answer: z.array(adminUser) },
  createUser: { body: userCreateBody, answer: adminUser },
  updateUser: { body: userUpdateBody, answer: adminUser },
  listCustomers: { answer: z.array(adminCustomer) },
  createCustomer: { body: customerBody, answer: adminCustomer },
  updateCustomer: { body: customerBody, answer: adminCustomer },
  createOption: { body: optionBody, answer: optionView },
  updateOption: { body: optionBody, answer: optionView },
  deleteOption: { answer: text },
  createConnection: { body: connectionBody, answer: connectionView },
  updateConnection: { body: connectionBody, answer: connectionView },
  deleteConnection: { answer: text },
  importOrders: { body: importUploadBody, answer: importSummary },
  listDispositions: { answer: z.array(dispositionView) },
  createDisposition: { body: dispositionBody, answer: dispositionView },
  updateDisposition: { body: dispositionBody, answer: dispositionView },
  deleteDisposition: { answer: text },
  listSettings: { answer: z.array(settingView) },
  saveSetting: { body: settingBody, answer: settingView },
  clearSetting: { answer: settingView },
  listTasks: { query: taskListQuery, answer: taskPage },
  updateTask: { body: taskUpdateBody, answer: taskView },
  adminTaskDownload: { answer: taskDownload },
  taskDownload: { answer: taskDownload },
  // The file itself (application/octet-stream); the browser follows the signed link.
  downloadFile: {},
  auditTrail: { query: auditQuery, answer: z.array(auditEntry) },
  listReturns: { query: historyQuery, answer: historyPage },
  downloadReturns: { query: historyDownloadQuery },
  submitReturn: { body: submitReturnBody, answer: createdReturn },
  readReturn: { answer: returnView },
  searchOrders: { body: orderSearchBody, answer: z.array(orderSearchResult) },
  loadOrder: { body: orderLoadBody, answer: orderDetail },
  searchProducts: { body: productSearchBody, answer: z.array(productRow) },
  blindSetup: { answer: blindSetup },
  saveBlindReturn: { body: blindReturnBody, answer: blindReturnSaved },
  correctReturn: { body: correctionBody, answer: returnView },
  requestReport: { body: reportRequestBody, answer: text },
  dashboard: { query: dashboardQuery, answer: dashboardAnswer },
  // The body is the image's bytes (the SPA sends it with XMLHttpRequest for the progress, web/api/photos.ts).
  uploadPhoto: { query: photoUploadQuery, answer: photoView },
  photoInfo: { answer: photoView },
  // The image itself; the SPA reads it with the bearer token into an object URL.
  readPhoto: {},
  deletePhoto: { answer: text },
  // The image through a signed link (no token).
  photoLink: {},
  listParcels: { query: parcelQueueQuery, answer: parcelPage },
  intakeParcel: { body: parcelIntakeBody, answer: parcelDetail },
  readParcel: { answer: parcelDetail },
  closeParcel: { body: parcelCloseBody, answer: parcelDetail },
  editParcel: { body: parcelEditBody, answer: parcelDetail },
  addParcelPhotos: { body: parcelAddPhotosBody, answer: parcelDetail },
  listReportSchedules: { answer: z.array(scheduleView) },
  createReportSchedule: { body: scheduleBody, answer: scheduleView },
  updateReportSchedule: { body: scheduleBody, answer: scheduleView },
  deleteReportSchedule: { answer: text },
  sendReportScheduleNow: { answer: scheduleView },
  listBillingRates: { answer: rateList },
  createBillingRate: { body: rateBody, answer: rateView },
  deleteBillingRate: { answer: text },
  billingMonth: { query: billingQuery, answer: billingMonth },
  closeBillingMonth: { body: billingCloseBody, answer: billingMonth },
  // The file itself (CSV or XLSX); the SPA downloads it with downloadRoute.
  exportBillingMonth: { query: billingExportQuery },
  // A parcel's photo as an image (the SPA reads it with the bearer token into an object URL).
  parcelPhoto: {},
} as const satisfies Record<RouteName, RouteSchemas>;

export type ApiRoutes = typeof API_ROUTES;

/** One route with its method, path and schemas. */
export function apiRoute<N extends RouteName>(name: N) {
  return { name, ...API_PATHS[name], ...API_ROUTES[name] };
}
