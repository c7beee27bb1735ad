import * as z from './zod';
import { Id, Timestamp } from './common';

export const NotificationType = z
  .enum(['level.started', 'break.started', 'break.ended', 'registration.no_show', 'registration.absent', 'device.moved'])
  .or(z.string())
  .openapi('NotificationType', { description: 'What happened; clients show unknown types by their title' });

export const Notification = z
  .object({
    notificationId: z.string(),
    type: NotificationType,
    at: Timestamp.openapi({ description: 'when it happened (a level end is its exact time, not the delivery)' }),
    clubId: Id.optional().openapi({ description: 'absent on a notice about the account itself (device.moved)' }),
    tournamentId: Id.optional().openapi({ description: 'absent on a notice about the account itself (device.moved)' }),
    title: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .openapi('Notification');
