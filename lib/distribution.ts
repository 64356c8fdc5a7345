import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../functions/http/origin-verify';
import { assetCacheControl } from '../functions/web/build';
import type { Endpoint } from './endpoints';

/** Where the widget's static files live under `{base_url}`. */
export const ASSETS_PATH_PATTERN = '/embed/assets/*';

const CHUNKS_DIR = 'chunks';

/**
 * On every response. HSTS for two years; the embed page's own Referrer-Policy (no-referrer) wins over the
 * default here. No X-Frame-Options: the embed page is meant to be framed, its CSP frame-ancestors decides by whom.
 */
const SECURITY_HEADERS: ResponseSecurityHeadersBehavior = {
  strictTransportSecurity: {
    accessControlMaxAge: Duration.days(730),
    includeSubdomains: true,
    override: true,
  },
  contentTypeOptions: { override: true },
  referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: false },
};
const BUILD_STAMP = '.build-stamp';

/** A route template as a CloudFront path pattern: each `{param}` segment becomes `*`. */
export const pathPattern = (routePath: string): string => routePath.replace(/\{\w+\}/g, '*');

/** Literal characters first: a more specific pattern must be listed before a looser one that also matches. */
const specificity = (pattern: string) => pattern.replace(/\*/g, '').length;

// Anything no behavior claims gets the same JSON 404 the local service answers.
const NOT_FOUND_CODE = `async function handler(event) {
  return {
    statusCode: 404,
    statusDescription: 'Not Found',
    headers: { 'content-type': { value: 'application/json' }, 'cache-control': { value: 'no-store' } },
    body: { encoding: 'text', data: JSON.stringify({ error: 'No route for ' + event.request.uri, code: 'NOT_FOUND' }) },
  };
}`;

export interface ServiceDistributionProps {
  readonly endpoints: readonly Endpoint[];
  /** Its value goes into the origin-verify header of every function-URL origin. */
  readonly originVerifySecret: ISecret;
  /**
   * CloudFormation resolves the secret only when the distribution changes: a new value here (sent as a second
   * header) makes the next deploy pick up a rotated secret.
   */
  readonly originVerifyRotation?: string;
  /** A custom domain and its ACM certificate (us-east-1); TLS 1.2 (TLSv1.2_2021) or newer then. */
  readonly domain?: { readonly name: string; readonly certificateArn: string };
  /** Built widget assets; when the directory does not exist the bucket is created empty. */
  readonly webAssetsDir: string;
  /** A CloudFront-scope web ACL (lib/waf.ts) in front of every behaviour. */
  readonly webAclArn?: string;
  /** `sqlTimeoutSeconds`: the data functions' origins wait this long for the first byte, plus a margin. */
  readonly sqlTimeoutSeconds?: number;
}

/** How long CloudFront keeps an idle connection to a function URL open. */
export const ORIGIN_KEEPALIVE = Duration.seconds(60);

/** CloudFront's default quota for an origin's response timeout; beyond it a quota increase must come first. */
export const ORIGIN_TIMEOUT_QUOTA_SECONDS = 120;

/** The SQL time limit when `sqlTimeoutSeconds` is unset (functions/config.ts, SQL_TIMEOUT_MS). */
const DEFAULT_SQL_TIMEOUT_SECONDS = 30;

/**
 * The origin's response timeout, which is also the longest silence between streamed chunks. The chat stream
 * writes a keepalive line every `keepaliveSeconds` (at most 45), so 60 s holds for any turn length. The SQL API
 * and Cube's SQL answer only when the query is done: they wait for the SQL time limit plus 10 s (60 s at least),
 * so the function, not CloudFront, decides when a query took too long (QUERY_TIMEOUT, not a 504).
 */
export function originReadTimeout(endpoint: Endpoint, sqlTimeoutSeconds?: number): Duration {
  if (endpoint.spec.data && !endpoint.spec.bedrock) {
    return Duration.seconds(Math.max(60, (sqlTimeoutSeconds ?? DEFAULT_SQL_TIMEOUT_SECONDS) + 10));
  }
  return Duration.seconds(endpoint.spec.streaming ? 60 : 30);
}

/** The one `{base_url}`: every route path to its function URL, widget assets from S3, JSON 404 elsewhere. */
export class ServiceDistribution extends Construct {
  readonly distribution: Distribution;
  readonly assetsBucket: Bucket;

  constructor(scope: Construct, id: string, props: ServiceDistributionProps) {
    super(scope, id);
    this.assetsBucket = new Bucket(this, 'Assets', {
      minimumTLSVersion: 1.2,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Rebuilt from the repository on every deploy; nothing to keep.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    const assetsOrigin = S3BucketOrigin.withOriginAccessControl(this.assetsBucket);
    const notFound = new EdgeFunction(this, 'NotFound', {
      code: FunctionCode.fromInline(NOT_FOUND_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'JSON 404 for paths no endpoint serves',
    });

    // A dynamic reference: the template holds the secret's ARN; CloudFront gets the value at deploy time.
    const originHeaders: Record<string, string> = {
      [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap(),
      ...(props.originVerifyRotation
        ? { [`${ORIGIN_VERIFY_HEADER}-rotation`]: props.originVerifyRotation }
        : {}),
    };
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, nosniff and a referrer policy on every response',
      securityHeadersBehavior: SECURITY_HEADERS,
    });
    // One policy per behaviour: the widget's assets also need CORS (a module script on the customer's origin).
    const assetHeaders = new ResponseHeadersPolicy(this, 'AssetHeaders', {
      comment: 'Security headers plus CORS for the widget assets',
      securityHeadersBehavior: SECURITY_HEADERS,
      corsBehavior: {
        accessControlAllowOrigins: ['*'],
        accessControlAllowMethods: ['GET', 'HEAD'],
        accessControlAllowHeaders: ['*'],
        accessControlAllowCredentials: false,
        originOverride: true,
      },
    });
    const additionalBehaviors: Record<string, BehaviorOptions> = {};
    const apiBehaviors = props.endpoints.flatMap((endpoint) => {
      const origin = new FunctionUrlOrigin(endpoint.url, {
        readTimeout: originReadTimeout(endpoint, props.sqlTimeoutSeconds),
        // Connections to the origin are reused for a minute instead of five seconds: fewer TLS handshakes.
        keepaliveTimeout: ORIGIN_KEEPALIVE,
        customHeaders: originHeaders,
      });
      return endpoint.spec.routes.map((route) => ({
        pattern: pathPattern(route.path),
        behavior: {
          origin,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Caching disabled is what lets the AllViewer* policy forward the Authorization header.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // The function URL must see its own Host header, every other viewer header passes.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          viewerProtocolPolicy: route.path.startsWith('/api/')
            ? ViewerProtocolPolicy.HTTPS_ONLY
            : ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          responseHeadersPolicy: securityHeaders,
          compress: false,
        } satisfies BehaviorOptions,
      }));
    });
    const patterns = new Set<string>();
    for (const { pattern, behavior } of apiBehaviors.sort(
      (a, b) => specificity(b.pattern) - specificity(a.pattern),
    )) {
      if (patterns.has(pattern)) throw new Error(`two routes share the CloudFront path pattern ${pattern}`);
      patterns.add(pattern);
      additionalBehaviors[pattern] = behavior;
    }
    additionalBehaviors[ASSETS_PATH_PATTERN] = {
      origin: assetsOrigin,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      // The web component is a module script on the customer's origin: browsers fetch it (and its chunks) with CORS.
      responseHeadersPolicy: assetHeaders,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      compress: true,
    };

    // CloudFront standard logs need a bucket that accepts ACL-written objects; kept 90 days.
    const accessLogs = new Bucket(this, 'AccessLogs', {
      minimumTLSVersion: 1.2,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.distribution = new Distribution(this, 'Distribution', {
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
      comment: 'Embedded analytics: one base URL for every endpoint',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: assetsOrigin,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: notFound, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors,
      // The default *.cloudfront.net certificate allows TLSv1 (CloudFront's rule); a custom domain gets TLS 1.2+.
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });

    if (!props.domain) {
      Annotations.of(this).addWarningV2(
        'embedded-analytics:defaultCertificate',
        'Served on *.cloudfront.net, whose certificate CloudFront pins to TLSv1 or newer: give domainName and ' +
          'certificateArn for TLSv1.2_2021 (docs/operating.md, TLS).',
      );
    }
    const slowest = Math.max(
      ...props.endpoints.map((endpoint) => originReadTimeout(endpoint, props.sqlTimeoutSeconds).toSeconds()),
    );
    if (slowest > ORIGIN_TIMEOUT_QUOTA_SECONDS) {
      Annotations.of(this).addWarningV2(
        'embedded-analytics:originTimeoutQuota',
        `The SQL origins wait ${slowest} s (sqlTimeoutSeconds + 10): raise the CloudFront quota "Response timeout ` +
          `per origin" to ${slowest} before deploying, or the distribution update fails.`,
      );
    }
    if (existsSync(props.webAssetsDir)) {
      this.deployAssets(props.webAssetsDir);
    } else {
      Annotations.of(this).addWarningV2(
        'embedded-analytics:webAssetsMissing',
        `No widget assets at ${props.webAssetsDir}: build them first (or set context webAssetsDir); ` +
          '/embed/assets/* will answer 403 until then.',
      );
    }
  }

  /**
   * Two uploads because the two kinds of file are cached differently (functions/web/build.ts decides):
   * content-hashed chunks forever, and never pruned so a page that still holds the previous entry
   * script finds its chunks; everything else briefly.
   */
  private deployAssets(dir: string): void {
    const prefix = ASSETS_PATH_PATTERN.slice(1, -1);
    new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(dir, { exclude: [`${CHUNKS_DIR}/**`, BUILD_STAMP] })],
      destinationBucket: this.assetsBucket,
      destinationKeyPrefix: prefix,
      exclude: [`${CHUNKS_DIR}/*`],
      cacheControl: [CacheControl.fromString(assetCacheControl('embed-chat.js'))],
      distribution: this.distribution,
      distributionPaths: [ASSETS_PATH_PATTERN],
    });
    const chunks = path.join(dir, CHUNKS_DIR);
    if (existsSync(chunks)) {
      new BucketDeployment(this, 'DeployAssetChunks', {
        sources: [Source.asset(chunks)],
        destinationBucket: this.assetsBucket,
        destinationKeyPrefix: `${prefix}${CHUNKS_DIR}/`,
        prune: false,
        cacheControl: [CacheControl.fromString(assetCacheControl(`${CHUNKS_DIR}/x.js`))],
      });
    }
  }
}
