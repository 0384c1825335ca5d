import { privateKey } from '../private-files';

/** The key that signs upload URLs, archive links and the known-device cookie (ADR 007), in the private folder. */
export function uploadSecret(privateDir: string): Buffer {
  return privateKey(privateDir, 'upload-signing.key');
}
