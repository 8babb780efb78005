import { builder } from './builder';
import { TIME_ORDERS } from './cursor';

/** The order a time-keyed list (change history, security log) pages in; newest first unless asked. */
export const TimeOrderEnum = builder.enumType('TimeOrder', { values: TIME_ORDERS });
