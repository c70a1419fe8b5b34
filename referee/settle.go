// Package referee settles hands, rules on claims and replays a hand's events.
package referee

// SettleRules is the settlement: section of a ruleset.
type SettleRules struct{}
