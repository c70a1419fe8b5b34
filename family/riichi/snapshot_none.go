//go:build mjref_nosnapshot

package riichi

import "github.com/mjref/mjref/rulesets"

// Built with mjref_nosnapshot (by go generate, so a stale snapshot_gen.go cannot stop it), there are
// no snapshots: every built-in ruleset is read from its YAML.
var snapshots *rulesets.Snapshots
