// A record whose visits are decoded as Visit objects.

#import <Foundation/Foundation.h>
#import "MMDataObject.h"

@interface PatientWithVisits : MMDataObject

@property (nonatomic, strong) NSString *title;
@property (nonatomic, strong) NSString *name;
@property (nonatomic, strong) NSDate *createdAt;
@property (nonatomic, strong) NSArray *visits;

@end
