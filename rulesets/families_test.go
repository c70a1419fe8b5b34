package rulesets_test

import (
	_ "github.com/mjref/mjref/engine" // registers every family's section and built-in rulesets
	"github.com/mjref/mjref/family/deburger"
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/hk"
	"github.com/mjref/mjref/scoring/points"
)

// The loader's tests load the built-in rulesets of the families mjref plays, which register
// their sections when the engine starts.

func hkOf(rs *rulesets.Ruleset) *hk.Rules      { return hongkong.Rules(rs) }
func debOf(rs *rulesets.Ruleset) *points.Rules { return deburger.Rules(rs) }
