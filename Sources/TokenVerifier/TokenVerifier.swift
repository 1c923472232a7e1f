// The TokenVerifier module: RS256/RS512 JWT verification against a JWKS (OpenSSL).
