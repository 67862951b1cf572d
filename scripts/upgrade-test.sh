#!/usr/bin/env bash
# `make upgrade-test`: a rolling upgrade from the previous release to this tree, checked by
# the chaos run's ledger (Tests/chaos/upgrade.py, docs/OPERATIONS.md "Rolling upgrades").
#
# 1. The previous release is the newest `## [vX.Y.Z] … commit <sha>` heading of CHANGELOG.md
#    (its tag when the clone has it; the two must agree). Its source is taken from git
#    (`git archive`) into <local dir>/upgrade/vX.Y.Z and its four services are built there
#    (debug; kept for the next run).
# 2. The current tree's executables: CHAOS_BIN_DIR, or built here (debug, as `make test`).
# 3. scripts/chaos.sh --ci --upgrade-from <old bin>: empty service schemas; the old replicas
#    start and migrate, the current ones start beside them and apply the new migrations
#    while the old ones run; under the chaos run's load (no faults) each old replica is
#    stopped with SIGTERM and started again from the current tree; then the ledger's
#    checks: every command answered exactly once, one Stripe object per order, money equal,
#    Stripe events created = stored = published, no unexpected dead letter.
#
# Environment: UPGRADE_FROM (a version of CHANGELOG.md or any commit, instead of the newest
# release), UPGRADE_ARGS (more options for Tests/chaos/chaos.py), and those of scripts/chaos.sh.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"

changelog_release() {
    # "vX.Y.Z sha" of the newest release heading, or of the heading of version $1.
    local wanted="${1:-}"
    sed -nE 's/^## \[(v[0-9]+\.[0-9]+\.[0-9]+)\].*commit ([0-9a-f]{7,40}).*/\1 \2/p' CHANGELOG.md \
        | { if [ -n "$wanted" ]; then grep -E "^$wanted " || true; else head -1; fi; }
}

release="$(changelog_release "${UPGRADE_FROM:-}")"
if [ -n "$release" ]; then
    version="${release%% *}"; commit="${release#* }"
    if tagged="$(git rev-parse -q --verify "refs/tags/$version^{commit}" 2>/dev/null)"; then
        recorded="$(git rev-parse -q --verify "$commit^{commit}")" || cb_die "CHANGELOG.md: $version's commit $commit is not in this clone"
        [ "$tagged" = "$recorded" ] || cb_die "tag $version ($tagged) is not CHANGELOG.md's commit $commit"
    fi
elif [ -n "${UPGRADE_FROM:-}" ]; then
    version="$UPGRADE_FROM"; commit="$UPGRADE_FROM"
else
    cb_die "CHANGELOG.md names no release (## [vX.Y.Z] - date, commit <sha>)"
fi
commit="$(git rev-parse -q --verify "$commit^{commit}")" || cb_die "$commit is not a commit of this clone (a shallow clone? fetch its history)"

old_root="$(cb_local_dir)/upgrade/$version"
old_src="$old_root/src"
old_build="$old_root/build"
if [ "$(cat "$old_root/commit" 2>/dev/null || true)" != "$commit" ]; then
    cb_log "previous release $version ($commit): source from git into $old_src"
    rm -rf "$old_root"
    mkdir -p "$old_src"
    git archive "$commit" | tar -x -C "$old_src"
    echo "$commit" >"$old_root/commit"
fi
for p in onboarding payments terminal-gateway notifications; do
    cb_log "building $p of $version"
    (cd "$old_src" && swift build --build-path "$old_build" --product "$p" 2>&1 | tail -1)
done
old_bin="$(cd "$old_src" && swift build --build-path "$old_build" --show-bin-path)"

# shellcheck disable=SC2086
exec "$CB_REPO/scripts/chaos.sh" --ci --upgrade-from "$old_bin" ${UPGRADE_ARGS:-}
