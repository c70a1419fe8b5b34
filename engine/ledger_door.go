package engine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/rulesets"
)

// KeepsSettings refuses a run's settings (opt.Set, opt.Rules) that would change how the game h,
// kept in the file at path, is paid: a ledger keeps the ruleset and the overrides it was started
// with. A --set the game was not started with is refused unless opt.ThisHand says it applies to
// the hand added only.
func KeepsSettings(h ledger.Header, path string, opt LedgerOpening) error {
	set, rules, this := family.Field("set"), family.Field("rules"), family.Field("this-hand")
	for _, s := range opt.Set {
		if slices.Contains(h.Sets, s) {
			continue
		}
		if opt.ThisHand && opt.Use == LedgerAdds {
			continue
		}
		key, _, _ := strings.Cut(s, "=")
		from := family.Textf("the ruleset %s's own setting (no %s for it was given to 'ledger new')", h.Ruleset, set)
		for _, g := range h.Sets {
			if k, _, _ := strings.Cut(g, "="); k == key {
				from = family.Textf("%s %s, given to 'ledger new' and kept in the ledger's header (line 1)", set, g)
			}
		}
		hint := family.Textf("a ledger keeps the settings it was started with; to pay one hand differently, add %s to 'ledger add'", this)
		if opt.Use != LedgerAdds && opt.Use != LedgerAmends {
			hint = family.Textf("a ledger keeps the settings it was started with: drop %s", set)
		}
		return family.HintFields(family.Fieldf("%s %s: the game plays %s by %s", set, s, key, from), hint)
	}
	if opt.ThisHand && len(opt.Set) == 0 {
		return family.Fieldf("%s: give the %s that applies to this hand only", this, set)
	}
	if opt.Rules != "" && opt.Rules != h.Ruleset {
		rs, err := rulesets.Load(opt.Rules, append(slices.Clone(h.Sets), opt.Set...)...)
		abs, _ := filepath.Abs(opt.Rules)
		if err != nil || (rs.Name != h.Ruleset && abs != h.Ruleset) {
			return family.HintFields(family.Fieldf("%s %s: the ledger %s is played under %s", rules, opt.Rules, path, h.Ruleset),
				family.Textf("drop %s: a ledger keeps the ruleset it was started with", rules))
		}
	}
	return nil
}

// fail is err as the ledger's front end gets it (see ledgerError).
func (l *Ledger) fail(err error) error { return ledgerError(l.path, err) }

// ledgerError is err, from an operation on the ledger file at path, as bad input with a hint where
// one helps (each door words it: family.Worded). Bad input the engine found is returned as it is; a ledger
// another writer holds (ledger.ErrLocked) stays that error, which each door answers in its own way.
func ledgerError(path string, err error) error {
	if err == nil || IsInput(err) && !errors.Is(err, os.ErrNotExist) { // a missing file gets its hint
		return err
	}
	var re *ledger.RecordError
	var be *ledger.BackupError
	hint := ""
	switch {
	case errors.As(err, &be):
		hint = "move " + be.Backup + " away (it is not this file's original; nothing was changed), then run 'mjref ledger upgrade " + path + "' again"
	case errors.Is(err, os.ErrNotExist):
		return family.HintFields(err, family.Textf("start a game with %s", family.Either{
			Line: "'mjref ledger new " + path + " --players A,B,C,D'",
			HTTP: "'mjref ledger new " + path + "', naming its four players",
		}))
	case errors.Is(err, ledger.ErrLocked):
		return err
	case errors.Is(err, ledger.ErrDiverged):
		hint = RecoverHint(path, "put back the file last written here, or accept the file as it is")
	case errors.Is(err, ledger.ErrCache):
		hint = "mjref writes its state cache as a plain file: 'mjref ledger recover " + path + "' replaces it with one rebuilt from the record"
	case errors.As(err, &re):
		hint = "the record was changed by hand or damaged: restore it from a copy, or fix that line"
	case errors.Is(err, ledger.ErrExists):
		hint = "choose another file name, or add hands to it with 'mjref ledger add " + path + "'"
	case errors.Is(err, ledger.ErrGameOver):
		hint = "start a new game with 'mjref ledger new', or take back the last hand with 'mjref ledger undo'"
	case errors.Is(err, ledger.ErrOldVersion):
		hint = "'mjref ledger upgrade " + path + "' rewrites it in the current format and keeps the original as " + path + ".v1"
	case errors.Is(err, ledger.ErrNoHand):
		hint = "'mjref ledger show " + path + "' lists the hands standing"
	case errors.Is(err, ledger.ErrFull):
		hint = "the file stays as it is, readable: go on in a new ledger file, started with 'mjref ledger new'"
	case errors.Is(err, ledger.ErrChanged):
		hint = "another program wrote the file: check it with 'mjref ledger show " + path + "'"
	}
	return family.WithHint(err, hint)
}

// RecoverHint is the way out of a ledger refused as not the file last written here: first what to
// look at, then what to run.
func RecoverHint(path, what string) string {
	return fmt.Sprintf("'mjref ledger verify %s' explains; %s with 'mjref ledger recover %s'", path, what, path)
}
