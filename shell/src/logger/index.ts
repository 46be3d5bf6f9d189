export { createLogger, logger, type Logger, type LogEntry, type LogLevel } from './logger';
