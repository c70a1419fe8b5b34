package cmd

import "github.com/mjref/mjref/schema"

// scoreView is a scored hand (family.Scored), as score, settle and the ledger print it.
type scoreView = schema.Score
