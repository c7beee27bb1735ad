/**
 * Imported first by the local entry points. The machines that run them are on Node 20 while the
 * Lambda runtime is Node 22 (infra/functions.ts); the AWS SDK would print its notice that later
 * releases need Node 22 from every process. This is the SDK's documented switch for that notice.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
