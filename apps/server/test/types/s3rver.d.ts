/** The parts of s3rver (a local S3 protocol server, no types of its own) the tests use. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{
      name: string;
      configs?: Array<string | Buffer>;
    }>;
  }

  // The package itself exports its class as the default: this describes it, as it is.
  // eslint-disable-next-line no-restricted-syntax
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
