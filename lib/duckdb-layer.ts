import path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { projectRoot } from './bundling';
import { buildDuckdbLayer, DUCKDB_LAMBDA_VERSION, duckdbLayerHash } from './duckdb-asset';

/**
 * The one layer of the data functions (lib/duckdb-asset.ts): DuckDB for linux-arm64, stripped, and the demo
 * dataset. Built on the synth machine (no Docker) when its content hash changes; a synth that skips bundling
 * (the stack tests) builds nothing.
 */
export class DuckdbLayer extends Construct {
  readonly layer: LayerVersion;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.layer = new LayerVersion(this, 'Layer', {
      description: `DuckDB ${DUCKDB_LAMBDA_VERSION} (linux-arm64) and the demo dataset`,
      compatibleArchitectures: [Architecture.ARM_64],
      compatibleRuntimes: [Runtime.NODEJS_22_X],
      code: Code.fromAsset(path.join(projectRoot, 'lib'), {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: duckdbLayerHash(),
        bundling: {
          // Never pulled: the local build below always succeeds or throws.
          image: DockerImage.fromRegistry('scratch'),
          local: {
            tryBundle(outputDir: string) {
              buildDuckdbLayer(outputDir);
              return true;
            },
          },
        },
      }),
    });
  }
}
