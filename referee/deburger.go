package referee

import "github.com/mjref/mjref/scoring/points"

// DeBurger returns the dependencies of a DeBurger replay under p.
func DeBurger(p *points.Rules, r *Rules) Deps {
	var d Deps
	if r != nil {
		d.Rules = *r
	}
	return d
}
