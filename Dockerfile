# One image for every app; the command picks the app: node dist/apps/<app>/main.js (the default
# command is the embedded service, its data in the volume /app/data).
# BASE_IMAGE: a Debian image with Node.js 24 and npm, and a user 1000 (the official node images have all three).
ARG BASE_IMAGE=node:24-bookworm-slim

# Every dependency at the lockfile's version, no install script run: no production dependency needs
# one (the embedded mode's SQLite is node:sqlite, built into Node.js), and the native builds among
# the dev dependencies (better-sqlite3 and others) belong to test tools the build does not run.
FROM ${BASE_IMAGE} AS dependencies
# Behind a TLS-inspecting proxy: its CA certificates, mounted into the build, named here (the build
# stages only: the image does not keep it).
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --ignore-scripts --no-audit --no-fund

# The production dependencies alone: the dev dependencies pruned from the same install, and the
# files nothing loads at run time (type declarations, source maps, documents) taken out.
FROM dependencies AS production-dependencies
RUN npm prune --omit=dev --no-audit --no-fund \
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -name '*.md' \) -delete

FROM dependencies AS build
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY apps ./apps
COPY libs ./libs
# npm run build's last step stamps dist with what it was built from (what npm start compares).
COPY scripts ./scripts
RUN npm run build

FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production
# A young generation of at most 16 MB a half instead of V8's default (64 MB on a large machine): the
# same CPU per post in the lifecycle benchmark, about 60 to 100 MB less peak RSS (README, Benchmarks).
ENV NODE_OPTIONS=--max-semi-space-size=16
WORKDIR /app
# The code belongs to root, read-only for the apps; only /app/data (the embedded mode's DATA_DIR) is theirs.
COPY package.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -m 0700 /app/data && chown 1000:1000 /app/data
VOLUME /app/data
# Numeric, so that Kubernetes can check runAsNonRoot; the official node images name this user node.
USER 1000:1000
EXPOSE 3000
CMD ["node", "dist/apps/standalone/main.js"]
