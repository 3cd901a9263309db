# The product as it runs in production: the built app and the built server on plain node, production
# dependencies only, as the unprivileged `node` user. Build: docker build -t loyalty-app .
# Run (see compose.yaml and docs/operations.md's Deployment section for every setting):
#   docker run -p 3000:3000 -e NODE_ENV=production -e DATABASE_URL=postgres://… -e PROVIDER_SECRET=… loyalty-app

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci fails on a lockfile made where other platforms' optional binaries are missing; install keeps it
RUN npm install --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# what the server frees after start-up goes back to the system, as npm start sets it (scripts/lib/server-command.ts)
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072
WORKDIR /app
# a font for the app icons' initial while a shop has no logo (server/provider/media/app-icons.ts)
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund --loglevel=error && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist-server/index.js"]
