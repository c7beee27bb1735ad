/** The SNS platform applications (from the stack's context `pushApnsApplicationArn`, `pushFcmApplicationArn`). */
export interface SnsPushConfig {
  apns?: string;
  fcm?: string;
}

export function snsPushConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SnsPushConfig | undefined {
  const apns = env.PUSH_APNS_APPLICATION_ARN || undefined;
  const fcm = env.PUSH_FCM_APPLICATION_ARN || undefined;
  return apns || fcm ? { ...(apns ? { apns } : {}), ...(fcm ? { fcm } : {}) } : undefined;
}
