export * from './translator';
export { messages } from './messages.generated';
