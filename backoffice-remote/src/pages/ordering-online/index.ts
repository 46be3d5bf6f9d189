export { OrderingOnlinePage, default } from './OrderingOnlinePage';
