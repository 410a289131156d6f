/**
 * `S3_URL`: where uploaded images go when they go to S3-compatible storage (issue "Scale out" item 2), in one
 * variable like DATABASE_URL and REDIS_URL:
 *
 *   s3://ACCESS_KEY:SECRET_KEY@HOST[:PORT]/BUCKET[/KEY/PREFIX]?region=REGION&path_style=0|1
 *
 * - `s3://` speaks HTTPS; `s3+http://` plain HTTP (a MinIO or test server on the same host only).
 * - The key and secret are percent-encoded (`/` → `%2F`, `+` → `%2B`). Without them the AWS SDK's own chain
 *   answers (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 * - `region` defaults to us-east-1 (what MinIO, Ceph and most others accept); `path_style` to 1
 *   (`https://host/bucket/key`, which every S3-compatible server and AWS serve); 0 asks for
 *   `https://bucket.host/key`.
 * - An optional key prefix after the bucket puts every object under it (several installations in one bucket).
 */
export interface S3Location {
  /** scheme://host[:port] */
  endpoint: string;
  bucket: string;
  /** '' or ending with '/'. */
  prefix: string;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** The URL without the secret, for logs and error lines. */
  display: string;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The parsed location, or a string saying what is wrong with the value (for the configuration error line). */
export function parseS3Url(value: string): S3Location | string {
  if (!URL.canParse(value)) return 'is not a valid URL';
  const url = new URL(value);
  const tls = url.protocol === 's3:' ? true : url.protocol === 's3+http:' ? false : null;
  if (tls === null) return 'must start with s3:// (HTTPS) or s3+http:// (plain HTTP)';
  if (!url.hostname) return 'has no host';
  const [bucket = '', ...rest] = url.pathname.replace(/^\/+/, '').split('/');
  if (!BUCKET.test(bucket)) return 'must name a bucket after the host (s3://KEY:SECRET@host/bucket)';
  const prefixParts = rest.filter(Boolean);
  const known = new Set(['region', 'path_style']);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key)) return `has an unknown option ${key} (region, path_style)`;
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return 'has an invalid region';
  const pathStyle = url.searchParams.get('path_style') ?? '1';
  if (pathStyle !== '0' && pathStyle !== '1') return "has path_style other than '0' or '1'";
  let credentials: S3Location['credentials'] = null;
  if (url.username || url.password) {
    if (!url.username || !url.password) return 'must give both the access key and the secret (KEY:SECRET@)';
    try {
      credentials = {
        accessKeyId: decodeURIComponent(url.username),
        secretAccessKey: decodeURIComponent(url.password),
      };
    } catch {
      return 'has a badly percent-encoded access key or secret';
    }
  }
  const endpoint = `${tls ? 'https' : 'http'}://${url.host}`;
  const prefix = prefixParts.length > 0 ? `${prefixParts.join('/')}/` : '';
  return {
    endpoint,
    bucket,
    prefix,
    region,
    forcePathStyle: pathStyle === '1',
    credentials,
    display: `${url.protocol}//${credentials ? `${url.username}:***@` : ''}${url.host}/${bucket}${prefix ? `/${prefix.slice(0, -1)}` : ''}`,
  };
}
