package server

func (s *Server) playEndpoints() []endpoint { return nil }
