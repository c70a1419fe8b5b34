package cmd

import (
	"encoding/json"
	"fmt"

	"github.com/mjref/mjref/family"
	fam "github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/family/deburger"
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/american"
	"github.com/mjref/mjref/scoring/hk"
	"github.com/mjref/mjref/scoring/points"
)

// scoreView is a scored hand (family.Scored) with, for the settle and ledger code that still reads
// a family's result itself, that result. TRANSITIONAL: the HK, DeBurger and American fields go
// when settle and the ledger settle through the family interface (issue 15).
type scoreView struct {
	family.Scored
	HK       *hk.Result       `json:"-"`
	DeBurger *points.Result   `json:"-"`
	American *american.Result `json:"-"`
}

func newScoreView(sc family.Scored) *scoreView {
	v := &scoreView{Scored: sc}
	switch r := sc.(type) {
	case *hongkong.Scored:
		v.HK = r.Result
	case *deburger.Scored:
		v.DeBurger = r.Result
	case *fam.Scored:
		v.American = r.Result
	}
	return v
}

// Hand is the hand as scored, in canonical notation.
func (v *scoreView) Hand() string { return v.Head().Hand }

// MarshalJSON writes the scored hand's JSON.
func (v *scoreView) MarshalJSON() ([]byte, error) { return json.Marshal(v.Scored) }

// refuseJokers refuses a hand holding a joker under a game that plays none. TRANSITIONAL: the
// settle and ledger code that calls it moves into the families (see family.RefuseJokers).
func refuseJokers(h *notation.Hand, game string) error {
	joker := h.Concealed[notation.Joker] > 0
	for _, m := range h.Melds {
		joker = joker || m.Jokers > 0
	}
	if !joker {
		return nil
	}
	return withHint(fmt.Errorf("a joker (J) is not a %s tile", game), "jokers are played only with --rules american")
}

// rulesetCard is the card an American ruleset plays: flag's when given, else the ruleset's own.
// TRANSITIONAL: the referee code that calls it moves into the families (see family.CardPlayer).
func rulesetCard(rs *rulesets.Ruleset, flag string) (*american.Card, error) {
	if flag == "" && rs.Card != nil {
		return rs.Card, nil
	}
	if flag == "" {
		flag = rs.American.Card
	}
	return loadCard(flag)
}
