"""Alembic's environment: always handed an open connection by :mod:`scorer.storage.migrate`."""

from alembic import context

from scorer.storage.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations with 'flask --app scorer db upgrade', not the alembic command")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
