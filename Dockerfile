# The platform's image: the compiled server (apps/server/dist) with its migrations and assets, the built web app
# (apps/web/dist) and the server's production packages; no sources, no dev tools. docs/operations.md explains its
# use; compose.yaml runs it with PostgreSQL, an S3-compatible store and an SMTP catcher.
#
#   docker build -t journals-platform .          (or: podman build -t journals-platform .)
#   docker run -p 3000:3000 -e SECRET=... journals-platform
#
# Build arguments:
#   NODE_IMAGE  the base of both stages (default node:20-bookworm-slim); scripts/container-base.sh makes one of the
#               same shape from Debian's packages where Docker Hub is out of reach
#   PDF         "true" (default) installs Debian's chromium and the Arabic and Latin fonts, with which the server
#               renders the ethics-form PDF (it launches /usr/bin/chromium, a fixed path); "false" leaves them out
#               (a few hundred MB less), and that PDF cannot be rendered.
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every package, the web app (vite) and the server bundle (esbuild) -----------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the installed packages are a layer of their own that a source change does not rebuild.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime -----------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ARG PDF=true
RUN if [ "$PDF" = "true" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends chromium fonts-hosny-amiri fonts-noto-core \
      && rm -rf /var/lib/apt/lists/*; \
    fi
ENV NODE_ENV=production
WORKDIR /app
# Only the server's production packages (and those of @journals/core, which the bundle carries but whose imports,
# zod, stay imports). Every workspace's manifest is copied because the lock file names them all. npm installs the
# devDependencies of a workspace that another depends on even with --omit=dev, so core's (Mantine, React: about
# 40 MB the server never loads) are dropped from its manifest first.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN node -e "const fs = require('node:fs'); const file = 'packages/core/package.json'; const manifest = JSON.parse(fs.readFileSync(file, 'utf8')); delete manifest.devDependencies; fs.writeFileSync(file, JSON.stringify(manifest))" \
  && npm ci --omit=dev --workspace apps/server --no-audit --no-fund \
  && npm cache clean --force
# What the server reads beside its code (src/paths.ts): the migrations, the assets (the user manual) and the web
# app; the bundle's entries are server.js, worker.js, migrate.js, backup.js and restore.js.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/assets apps/server/assets
COPY --from=build /app/apps/web/dist apps/web/dist
# The code stays root's; the server's user writes only DATA_DIR (the embedded database and local files, when
# DATABASE_URL and STORAGE_DRIVER=s3 are not set) and the folder for backups.
RUN mkdir -p /app/data /app/backups && chown node:node /app/data /app/backups
USER node
EXPOSE 3000
# Ready = the database reachable and migrated, the storage writable (an overdue scheduled job is reported in the
# answer, not gating: decision 0059). A worker container serves no HTTP: compose.yaml switches this check off for it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
