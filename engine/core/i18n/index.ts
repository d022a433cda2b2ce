export * from './translator';
export { messages } from './messages.generated';
export * from './text-marks';
