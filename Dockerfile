# The shop as a container image: `docker build -t loja .` then see compose.yaml.
# Build stage: every dependency, then the web app.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (dist/web) and the storefront's server render (dist/ssr), as `npm run build` makes them.
RUN node scripts/build-web.mjs --logLevel warn

# Runtime stage: production dependencies, the server's sources (Node 24 runs TypeScript as is), the built web
# app and its server render (without dist/ssr the catalogue's pages would go out as an empty shell).
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY src/server src/server
COPY src/shared src/shared
COPY --from=build /app/dist/web dist/web
COPY --from=build /app/dist/ssr dist/ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM reaches node directly (no npm in between): requests in flight and the job in hand finish first.
STOPSIGNAL SIGTERM
CMD ["node", "src/server/main.ts"]
