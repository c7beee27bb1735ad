import { Duration, Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolGroup,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { StageConfig } from './stage-config';

/** The Cognito group whose members are the platform's moderators (read from `cognito:groups` by the functions). */
export const OPERATOR_GROUP = 'operator';

/**
 * Who signs in: staff, players and operators, in one Cognito user pool. Players sign themselves up;
 * club roles live in the table, the operator role is this pool's group. Both app clients are public
 * clients (a browser app and a mobile app cannot keep a secret) and sign in with SRP.
 */
export class Identity extends Construct {
  readonly userPool: UserPool;
  readonly staffWebClient: UserPoolClient;
  readonly mobileClient: UserPoolClient;
  /** `https://cognito-idp.<region>.amazonaws.com/<poolId>`: the `iss` of the pool's tokens. */
  readonly issuerUrl: string;
  readonly jwksUrl: string;
  /** The client ids tokens may be issued to (`aud` of ID tokens, `client_id` of access tokens). */
  readonly audience: string[];

  constructor(scope: Construct, id: string, props: { config: StageConfig }) {
    super(scope, id);
    const { config } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      selfSignUpEnabled: true,
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
        passwordHistorySize: 5,
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: config.enforceThreatProtection
        ? StandardThreatProtectionMode.FULL_FUNCTION
        : StandardThreatProtectionMode.AUDIT_ONLY,
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });

    new UserPoolGroup(this, 'OperatorGroup', {
      userPool: this.userPool,
      groupName: OPERATOR_GROUP,
      description: 'Platform moderators: club and player suspensions',
    });

    const publicClient = (clientId: string, name: string, refreshTokenValidity: Duration): UserPoolClient =>
      this.userPool.addClient(clientId, {
        userPoolClientName: name,
        generateSecret: false,
        authFlows: { userSrp: true },
        // No hosted UI: the apps sign in through the Cognito API, so no OAuth flows or callback URLs.
        disableOAuth: true,
        preventUserExistenceErrors: true,
        enableTokenRevocation: true,
        accessTokenValidity: Duration.hours(1),
        idTokenValidity: Duration.hours(1),
        refreshTokenValidity,
      });

    // Staff sign in for a shift on a shared floor device; players stay signed in on their phone.
    this.staffWebClient = publicClient('StaffWebClient', `sport-poker-${config.stage}-staff-web`, Duration.hours(12));
    this.mobileClient = publicClient('MobileClient', `sport-poker-${config.stage}-mobile`, Duration.days(30));

    this.issuerUrl = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
    this.jwksUrl = `${this.issuerUrl}/.well-known/jwks.json`;
    this.audience = [this.staffWebClient.userPoolClientId, this.mobileClient.userPoolClientId];
  }
}
