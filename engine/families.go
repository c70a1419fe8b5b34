package engine

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/family/deburger"
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/family/riichi"
)

// families are the rule families mjref plays. A new family is one package implementing
// family.Family and one entry here.
var families = []family.Family{hongkong.Family{}, american.Family{}, deburger.Family{}, riichi.Family{}}

func init() {
	for _, f := range families {
		family.Register(f)
	}
}
