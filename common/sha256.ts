// How a content hash is written everywhere Ardoise names a file by its bytes (stored keys, package
// namespaces on the device, hashes in the audit log): sha256 as 64 lower-case hex digits.
export const SHA256_HEX = /^[0-9a-f]{64}$/;
