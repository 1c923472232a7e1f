import Foundation

/// The Salesforce names of the Account's health-care fields: the contract with the customer's org.
public enum AccountField {
    /// `numBeds`: the number of beds.
    public static let numBeds = "texcellency__DefHC_NumBeds__c"
    /// `hospitalType`: the kind of hospital.
    public static let hospitalType = "texcellency__DefHC_Hospital_Type__c"
    /// `gpoAffiliations`: comma-separated group purchasing organisations.
    public static let gpoAffiliations = "texcellency__DefHC_AffiliationsGPO__c"
    /// `hcSystemName`: the health-care network.
    public static let hcSystemName = "texcellency__DefHC_Network_Name__c"
    /// `operatingIncome`.
    public static let operatingIncome = "texcellency__DefHC_OperatingIncome__c"
    /// `currentCleanRating`: the latest (2014) room/bathroom clean rating.
    public static let currentCleanRating = "DefHC_Room_Bathroom_Clean_Rating_2014__c"
    /// `previousCleanRating`: the earlier (2012) rating.
    public static let previousCleanRating = "DefHC_Room_Bathroom_Clean_Rating_2012__c"
    /// `cleanRatingNationalAvg`: the national average rating.
    public static let cleanRatingNationalAvg = "DefHC_Room_Bathroom_Clean_Rate_Natnl_Avg__c"
    /// `cleanRatingStateAvg`: the state average rating.
    public static let cleanRatingStateAvg = "DefHC_Room_Bathroom_Clean_Rate_State_Avg__c"
}

/// The body of the Account `PATCH` that saves an account: the health-care fields, by Salesforce name — the nine
/// of them, or only `fields` (the ones the person edited).
///
/// A field the account does not have is sent as `null`, which clears it in Salesforce: the form
/// shows every field, so an empty one means the person cleared it. A save sends only the fields the person
/// edited, so a field someone else changed meanwhile is not written back to what this device last read.
///
/// ```swift
/// accountToUpdateParams(account)["texcellency__DefHC_NumBeds__c"]  // .number(240)
/// accountToUpdateParams(account, only: [.numBeds]).count           // 1
/// ```
public func accountToUpdateParams(_ account: Account, only fields: Set<HealthCareField>? = nil) -> SObjectFields {
    let all: SObjectFields = [
        AccountField.numBeds: account.numBeds.fieldValue,
        AccountField.hospitalType: account.hospitalType.fieldValue,
        AccountField.gpoAffiliations: account.gpoAffiliations.fieldValue,
        AccountField.hcSystemName: account.hcSystemName.fieldValue,
        AccountField.operatingIncome: account.operatingIncome.fieldValue,
        AccountField.currentCleanRating: account.currentCleanRating.fieldValue,
        AccountField.previousCleanRating: account.previousCleanRating.fieldValue,
        AccountField.cleanRatingNationalAvg: account.cleanRatingNationalAvg.fieldValue,
        AccountField.cleanRatingStateAvg: account.cleanRatingStateAvg.fieldValue,
    ]
    guard let fields else { return all }
    let names = Set(fields.map(\.salesforceName))
    return all.filter { names.contains($0.key) }
}
