"""Adapters that connect generated patterns to engines outside the standard library.

A generated package imports only the standard library; these modules live in
prosec itself, so that using OpenTelemetry (:mod:`prosec.durable.otel`) or
DBOS (:mod:`prosec.durable.dbos`) adds a dependency to the application that
asks for it (``pip install 'prosec[otel]'``, ``'prosec[dbos]'``) and never to
the generated code. Each works on any generated package through its public
options alone (``tracer=``, ``journal=``, ``run_id=``).
"""
