package server

func (s *Server) ledgerEndpoints() []endpoint { return nil }
