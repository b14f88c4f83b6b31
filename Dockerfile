# petstore-mock as a container for CI pipelines: listens on 0.0.0.0:4010, configured by environment
# variables (the CLI's: PORT, PETSTORE_SEED, PETSTORE_PETS, PETSTORE_API_KEYS, ...), healthy once
# GET /__admin/health answers, non-root, fine with a read-only root filesystem.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The package's prepare script builds, which needs the sources copied below: build after them.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY dashboard ./dashboard
COPY openapi ./openapi
# The container runs Node: the browser build (dist/browser) stays out of the image.
RUN npm run build && rm -rf dist/browser

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4010
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/openapi ./openapi
COPY fixtures ./fixtures
USER node
EXPOSE 4010
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=1s --timeout=2s --start-period=10s --retries=3 CMD ["node", "dist/healthcheck.js"]
CMD ["node", "dist/cli.js"]
