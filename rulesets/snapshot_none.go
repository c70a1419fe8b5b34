//go:build mjref_nosnapshot

package rulesets

// Built with mjref_nosnapshot (by go generate, so a stale snapshot_gen.go cannot stop it), there are
// no snapshots: every ruleset is read from its YAML.
var snapshots map[string]snapshot

const snapshotShape = 0
