# Rush Table: a small image, a non-root user, the database on a volume, the token from the
# environment:  docker run -e DISCORD_TOKEN=... -v rushtable-data:/data rush-table
# With the PostgreSQL driver installed too (DATABASE_URL=postgresql://...): several bot
# processes may share one database, one shard each (docker-compose.yml).
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY renderers ./renderers
RUN pip install --no-cache-dir --prefix=/install ".[postgres]"

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 rushtable \
    && mkdir /data && chown rushtable:rushtable /data
COPY --from=build /install /usr/local
ENV DATABASE_URL=sqlite:////data/rushtable.db \
    HEARTBEAT_FILE=/tmp/rushtable.heartbeat \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1
VOLUME ["/data"]
USER rushtable
WORKDIR /home/rushtable
STOPSIGNAL SIGTERM
# Healthy while the bot is connected to Discord and its database answers: it touches
# HEARTBEAT_FILE every 30 s, and `python -m bot health` fails once that is 2 minutes old.
HEALTHCHECK --interval=60s --timeout=10s --start-period=120s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]
