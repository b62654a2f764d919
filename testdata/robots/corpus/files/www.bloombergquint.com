
User-agent: *
Disallow: /preview/story/
Disallow: /story/*/element/*
Disallow: /Stocks/Stock/CompareFullDetailsWeb
Disallow: /Stocks/Price/PriceCompare
Disallow: /Stock/ComparePeersWeb
Disallow: /Stock/DashboardWeb
Disallow: /Price/PriceMovingAvg
Disallow: /Price/PriceDetails
Disallow: /Shareholding/ShareholdingSnapshotCompare
Disallow: /Price/PriceFundamental
Disallow: /Stocks/CorporateAction/GetCorporateAction
Disallow: /Stocks/Stock/PreviousDetailsWeb
Disallow: /Stocks/ScoreCardV2/OverViewStockDNA
Disallow: /Stocks/Returns/ReturnsDividend
Disallow: /Stocks/Price/DeliveryVolumeDetails
Disallow: /stocks/CorporateAction/GetCorporateActionFullDetails
Disallow: /Stocks/Stock/DashboardMobileSeasonal
Disallow: /Stocks/Shareholding/PromotersAnalysis
Disallow: /Stocks/Shareholding/ShareHoldingAnalysisDetailsHighlights
Disallow: /Stocks/Shareholding/ShareholdingSnapshot
Disallow: /Stocks/ScoreCard/ScoreCardCompareWithOthers
Disallow: /Stocks/Stock/DashboardMobile
Disallow: /Stocks/Shareholding/ShareholdingDashBoard
Disallow: /Stocks/Price/PriceMovement
Disallow: /Stocks/Announcements/GetAnnouncementListing
Disallow: /Stocks/ScoreCardV2/ValuationCompareWithPeers
Disallow: /Stocks/Shareholding/ShareholdingDashBoardFull
Disallow: /topic/*
Sitemap: https://www.bloombergquint.com/sitemap.xml


