// Package settle decides who pays whom once a hand is over: it turns a winner's faan (or an American
// line's value) into payments through the payout table, stake and payment cases of a ruleset, applies
// responsibility (包), head bump or multiple winners, false-win penalties and drawn hands, and returns
// every payment with the rule behind it. Money is an exact fixed-point Amount, never a float.
package settle
