# ConnectBus: every target does its own set-up (Debian packages, local servers).
# Ports and folders: see scripts/lib/common.sh (CONNECTBUS_AMQP_PORT, CONNECTBUS_PG_PORT,
# CONNECTBUS_MANAGEMENT_PORT, CONNECTBUS_LOCAL_DIR).
SHELL := /bin/bash
# The toolchain may be on PATH or only at /opt/swift/usr/bin (as the scripts also accept).
export PATH := $(PATH)$(if $(wildcard /opt/swift/usr/bin/swift),:/opt/swift/usr/bin)
.DEFAULT_GOAL := help

.PHONY: help demo demo-browser test up down deps bench catalogue catalogue-file env bench-smoke chaos chaos-ci chaos-cluster chaos-pgbouncer upgrade-test soak soak-ci cluster-up cluster-down fuzz

help:
	@echo "make demo       start everything, play the store-builder story, check the summary, stop"
	@echo "make demo-browser  start everything, prepare a seller and a shop, print the URLs to open in a browser"
	@echo "make test       install, start servers, build, run all tests (what CI runs)"
	@echo "make up | down  start | stop the local RabbitMQ and PostgreSQL"
	@echo "make env        print the export lines for the local servers (ports in use)"
	@echo "make bench      runtime throughput and the services' idle RSS against the local servers"
	@echo "make bench-smoke  one round of every benchmark in its smallest form with debug executables: that each runs (what CI runs; no targets)"
	@echo "make catalogue  print the message catalogue (JSON Schema per message)"
	@echo "make catalogue-file  write it to docs/catalogue.json and the AsyncAPI 3.0.0 document to docs/asyncapi.yaml (the copies checked in; tests fail when they are stale)"
	@echo "make chaos      ledger-checked chaos run: ~5 min, >= 3,000 commands, kills, restarts, faults (CHAOS_ARGS=...)"
	@echo "make chaos-ci   the short chaos run CI does (70 s, >= 500 commands, every fault kind)"
	@echo "make chaos-cluster  the chaos run against a three-node RabbitMQ cluster, the leader node stopped mid-run"
	@echo "make chaos-pgbouncer  the short chaos run with the services' DATABASE_URL at PgBouncer (transaction mode)"
	@echo "make soak       months of operation, compressed: >= 1,000,000 messages, 100,000 webhooks, 10,000 Stripe-bound commands; RSS, descriptors, connections and retention bounds checked (SOAK_ARGS=...)"
	@echo "make soak-ci    the short soak CI runs (about 3 minutes)"
	@echo "make upgrade-test  a rolling upgrade from the previous release (CHANGELOG.md) under load, checked by the chaos ledger"
	@echo "make fuzz       libFuzzer targets 60 s each (FUZZ_SECONDS), then the unit tests under ThreadSanitizer"
	@echo "make cluster-up | cluster-down  start | stop the three-node RabbitMQ cluster (scripts/cluster.sh)"

deps:
	scripts/install-deps.sh

demo:
	scripts/demo.sh

demo-browser:
	scripts/demo.sh --browser

test:
	scripts/test.sh

up: deps
	scripts/infra-up.sh

down:
	scripts/infra-down.sh

env:
	@scripts/infra-env.sh

bench: up
	swift build -c release --static-swift-stdlib --product connectbus-bench
	eval "$$(scripts/infra-env.sh)" && "$$(swift build -c release --static-swift-stdlib --show-bin-path)/connectbus-bench"
	scripts/bench-idle-rss.sh

bench-smoke: deps
	swift build
	scripts/bench-smoke.sh

catalogue:
	@swift build -c release --product connectbus >&2
	@"$$(swift build -c release --show-bin-path)/connectbus" catalogue

catalogue-file:
	@swift build --product connectbus >&2
	@"$$(swift build --show-bin-path)/connectbus" catalogue --out docs/catalogue.json
	@"$$(swift build --show-bin-path)/connectbus" catalogue --asyncapi --definitions docker/rabbitmq/definitions.json --out docs/asyncapi.yaml

chaos:
	scripts/chaos.sh $(CHAOS_ARGS)

chaos-ci:
	scripts/chaos.sh --ci $(CHAOS_ARGS)

chaos-cluster:
	scripts/chaos.sh --cluster $(CHAOS_ARGS)

chaos-pgbouncer:
	scripts/chaos.sh --ci --pgbouncer $(CHAOS_ARGS)

upgrade-test:
	scripts/upgrade-test.sh

soak:
	scripts/soak.sh $(SOAK_ARGS)

soak-ci:
	scripts/soak.sh --ci $(SOAK_ARGS)

cluster-up:
	scripts/cluster.sh up

cluster-down:
	scripts/cluster.sh down

fuzz:
	scripts/fuzz.sh
